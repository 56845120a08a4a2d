import { create } from 'zustand';

export type Severity = 'success' | 'error' | 'info' | 'warning';

export interface Notice {
  id: number;
  message: string;
  severity: Severity;
}

/** A notification stays 4 s, then fades out over 300 ms. */
export const NOTICE_DURATION_MS = 4000;
export const NOTICE_FADE_MS = 300;

interface NoticeState {
  notices: Notice[];
  /** Shows a notice and answers its id (for `dismiss`). */
  push: (message: string, severity: Severity) => number;
  dismiss: (id: number) => void;
}

let nextId = 1;

export const useNotices = create<NoticeState>((set) => ({
  notices: [],
  push: (message, severity) => {
    const id = nextId++;
    set((s) => ({ notices: [...s.notices.slice(-3), { id, message, severity }] }));
    return id;
  },
  dismiss: (id) => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) })),
}));

export const notify = {
  success: (message: string) => useNotices.getState().push(message, 'success'),
  error: (message: string) => useNotices.getState().push(message, 'error'),
  info: (message: string) => useNotices.getState().push(message, 'info'),
  warning: (message: string) => useNotices.getState().push(message, 'warning'),
  /** Takes a notice away at once, e.g. an error that a later success answers. */
  dismiss: (id: number) => useNotices.getState().dismiss(id),
};
