/** PIN codes read from an imported file: every cell of a comma-, semicolon-, tab- or
 * line-separated list (quotes allowed) that is a 6-digit PIN code, also written as India Post
 * prints it (`400 001`); a header row or any other text is skipped and counted. */
export function pincodesFromCsv(text: string): { pincodes: string[]; skipped: number } {
  const pincodes: string[] = [];
  let skipped = 0;
  for (const raw of text.split(/[\n\r,;\t]+/)) {
    const cell = raw.trim().replace(/^"(.*)"$/, '$1').trim();
    if (!cell) continue;
    if (/^[1-9]\d{2} ?\d{3}$/.test(cell)) pincodes.push(cell.replace(' ', ''));
    else skipped += 1;
  }
  return { pincodes, skipped };
}

/** The list as the server keeps it: sorted, each once. */
export function mergePincodes(current: string[], added: string[]): string[] {
  return [...new Set([...current, ...added])].sort();
}
