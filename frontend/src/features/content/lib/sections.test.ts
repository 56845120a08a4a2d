import { describe, expect, it } from 'vitest';
import { defaultPrivacyMarkdown, defaultTermsMarkdown, refundMarkdown, splitSections } from './sections';

describe('splitSections', () => {
  it('splits at top headings, ids from {#id} or the first word', () => {
    const { intro, sections } = splitSections(
      'Intro line.\n\n## Children’s Privacy\nUnder 13.\n\n# Use of Data {#usage}\nText\n### A sub-heading\nMore\n## Contact Us ##\nmail',
    );
    expect(intro).toBe('Intro line.');
    expect(sections.map((s) => [s.id, s.title])).toEqual([
      ['children', 'Children’s Privacy'],
      ['usage', 'Use of Data'],
      ['contact', 'Contact Us'],
    ]);
    expect(sections[1].markdown).toBe('Text\n### A sub-heading\nMore');
  });

  it('a plain text without headings is all intro; a heading in a code fence is text', () => {
    expect(splitSections('We never sell your data.\n\nWrite to us.')).toEqual({ intro: 'We never sell your data.\n\nWrite to us.', sections: [] });
    expect(splitSections('```\n## not a heading\n```').sections).toEqual([]);
  });

  it('repeated headings get distinct ids', () => {
    expect(splitSections('## Notes\na\n## Notes\nb').sections.map((s) => s.id)).toEqual(['notes', 'notes-2']);
  });
});

describe('default texts', () => {
  it('the privacy policy has every section SPEC.md lists', () => {
    const ids = splitSections(defaultPrivacyMarkdown('Shop', 'a@b.in')).sections.map((s) => s.id);
    expect(ids).toEqual(['interpretation', 'collecting', 'tracking', 'usage', 'retention', 'security', 'children', 'contact']);
  });

  it('the terms state age, law, liability cap, notice and contact', () => {
    const text = defaultTermsMarkdown('Shop', 'a@b.in');
    for (const needle of ['18 years of age or over', 'laws of India', '100 USD', "30 days' notice", 'Shop at a@b.in']) {
      expect(text).toContain(needle);
    }
  });

  it('the refund policy has its six tabs', () => {
    expect(splitSections(refundMarkdown('a@b.in')).sections.map((s) => s.id)).toEqual([
      'overview',
      'cancellation',
      'conditions',
      'process',
      'gifts',
      'contact',
    ]);
  });
});
