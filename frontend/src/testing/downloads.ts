import { onTestFinished, vi } from 'vitest';

/**
 * Catches the files the page saves (the click on a download link) instead of jsdom: the names
 * it saved them under, in order. The links click as before once the test ends.
 */
export function catchDownloads(): string[] {
  const saved: string[] = [];
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  onTestFinished(() => click.mockRestore());
  return saved;
}
