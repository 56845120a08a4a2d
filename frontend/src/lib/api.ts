import { STORAGE_KEYS, readString } from './storage';
import { expireSession } from './session';
import { takeFirstPaint } from './first-paint';
import type { Pagination } from './api-types';

export const API_BASE = '/api';

/** An error answer of the API: `{ message, code, field? }` with its HTTP status (0: no answer). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** True when the message came from the server's answer (not a client-side default). */
  readonly fromServer: boolean;
  /** The request field the error concerns, when the answer names one (e.g. 'email', 'postalCode'). */
  readonly field: string | null;

  constructor(status: number, message: string, code = 'error', fromServer = false, field: string | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fromServer = fromServer;
    this.field = field;
  }
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export function buildQuery(params: Record<string, QueryValue> | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length === 0) continue;
      search.set(key, value.join(','));
    } else {
      search.set(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Path and query of an API request, as the server's first-paint data names it. */
export function apiPath(path: string, params?: Record<string, QueryValue>): string {
  return `${API_BASE}${path}${buildQuery(params)}`;
}

/** Absolute URL of an API path on this origin. */
export function apiUrl(path: string, params?: Record<string, QueryValue>): string {
  const relative = apiPath(path, params);
  return typeof window !== 'undefined' ? new URL(relative, window.location.origin).toString() : relative;
}

/** The answer to a GET that the server put into the page, once; undefined when there is none. */
export function firstPaintAnswer<T>(path: string, params?: Record<string, QueryValue>): T | undefined {
  return takeFirstPaint(apiPath(path, params)) as T | undefined;
}

export interface RequestOptions {
  body?: unknown;
  params?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** A deadline in ms: a request not answered by then is given up, as if no answer came (status 0). */
  timeoutMs?: number;
}

/** The message of a request that got no answer (network down, or its deadline passed). */
export const NO_ANSWER_MESSAGE = 'Could not reach the shop. Check your connection.';

/** True when a call failed without any answer from the shop: its outcome is unknown. */
export function isNoAnswer(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

/**
 * Runs `attempt` again while it fails without an answer (see isNoAnswer), waiting each of
 * `backoffMs` in turn before the next try, and no longer than `untilMs` (a Date.now() time)
 * allows; other outcomes, and the last no-answer, are the caller's. `attempt` gets the ms left.
 */
export async function retryWhenNoAnswer<T>(
  attempt: (msLeft: number) => Promise<T>,
  { backoffMs, untilMs }: { backoffMs: readonly number[]; untilMs: number },
): Promise<T> {
  for (let tried = 0; ; tried++) {
    try {
      return await attempt(Math.max(untilMs - Date.now(), 1));
    } catch (error) {
      const wait = backoffMs[tried];
      if (!isNoAnswer(error) || wait === undefined || Date.now() + wait >= untilMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/** Message to show for a failed call: the server's, else the fallback. */
export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}

/**
 * The server's message for a refused request and the field it names, as a form shows it next to
 * that field: `fields` are the form's own keys; another field the answer names counts as none.
 */
export function fieldError<K extends string>(error: unknown, fields: readonly K[]): K | null {
  if (!(error instanceof ApiError) || !error.fromServer || error.field === null) return null;
  return (fields as readonly string[]).includes(error.field) ? (error.field as K) : null;
}

/** The server's own message for a refused request (4xx), else the fallback (network, 5xx, no message). */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.fromServer && error.status >= 400 && error.status < 500 && error.message) {
    return error.message;
  }
  return fallback;
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  if (method === 'GET') {
    const inlined = firstPaintAnswer<T>(path, options.params);
    if (inlined !== undefined) return inlined;
  }
  const token = readString(STORAGE_KEYS.authToken);
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  // The deadline runs on setTimeout (not AbortSignal.timeout) so that tests' fake clocks drive it.
  const deadline = options.timeoutMs === undefined ? null : new AbortController();
  let timedOut = false;
  const timer = deadline
    ? setTimeout(() => {
        timedOut = true;
        deadline.abort();
      }, options.timeoutMs)
    : undefined;
  const signal = deadline ? (options.signal ? AbortSignal.any([options.signal, deadline.signal]) : deadline.signal) : options.signal;

  let response: Response;
  let text: string;
  try {
    response = await fetch(apiUrl(path, options.params), { method, headers, body, signal });
    text = await response.text();
  } catch (cause) {
    if (!timedOut && cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, NO_ANSWER_MESSAGE, timedOut ? 'timeout' : 'network');
  } finally {
    clearTimeout(timer);
  }

  let json: unknown = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  }

  if (!response.ok) {
    if (response.status === 401 && token) expireSession();
    const payload = (json ?? {}) as { message?: unknown; code?: unknown; field?: unknown };
    const fromServer = typeof payload.message === 'string' && payload.message !== '';
    const message = fromServer ? (payload.message as string) : 'Something went wrong';
    const code = typeof payload.code === 'string' ? payload.code : String(response.status);
    const field = typeof payload.field === 'string' && payload.field !== '' ? payload.field : null;
    throw new ApiError(response.status, message, code, fromServer, field);
  }
  return json as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};

/** Most answers are `{ data, message? }`. */
export interface Envelope<T> {
  data: T;
  message?: string;
}

/** A page of a list from the server's answer; an empty page `page` of `limit` when the answer holds none. */
export function pageOf<T>(body: { data?: T[]; pagination?: Pagination } | undefined, page: number, limit: number): { data: T[]; pagination: Pagination } {
  return {
    data: Array.isArray(body?.data) ? body.data : [],
    pagination: body?.pagination ?? { totalItems: 0, currentPage: page, limit, totalPages: 0 },
  };
}
