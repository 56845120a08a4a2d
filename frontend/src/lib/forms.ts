import type { ChangeEvent } from 'react';

/**
 * The props that tie a text field to one key of a form's state and its error: value, onChange,
 * error and helperText (a caller's own helperText after the spread wins, e.g. a rule shown
 * until there is an error).
 */
export function fieldBinder<T extends object>(
  form: T,
  setForm: (next: T) => void,
  errors: Partial<Record<keyof T, string>>,
) {
  return <K extends keyof T & string>(key: K, toValue: (raw: string) => T[K] = (raw) => raw as T[K]) => ({
    name: key,
    value: form[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setForm({ ...form, [key]: toValue(e.target.value) }),
    error: Boolean(errors[key]),
    helperText: errors[key],
  });
}

/** Keeps only the digits typed, at most `max` of them (a PIN code's 6, an HSN code's 8). */
export function digitsOnly(raw: string, max: number): string {
  return raw.replace(/\D/g, '').slice(0, max);
}
