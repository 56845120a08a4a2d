import { useRef } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';

interface Props extends Omit<ButtonProps, 'onClick' | 'component' | 'onChange'> {
  /** The accessible name of the hidden file input (what tests and assistive tech pick files by). */
  inputLabel?: string;
  accept: string;
  multiple?: boolean;
  /** The files picked; the input is emptied after, so the same file can be picked again. */
  onFiles: (files: File[]) => void;
}

/**
 * A real button that opens the browser's file chooser: Enter, Space and a click all work, unlike a
 * `<label role="button">` around the input, which only a pointer can operate.
 */
export function FilePickerButton({ inputLabel, accept, multiple, onFiles, children, disabled, ...button }: Props) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button {...button} disabled={disabled} onClick={() => input.current?.click()}>
        {children}
      </Button>
      <input
        ref={input}
        hidden
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        aria-label={inputLabel}
        onChange={(e) => {
          onFiles(Array.from(e.target.files ?? []));
          e.target.value = '';
        }}
      />
    </>
  );
}
