import { describe, expect, it } from 'vitest';
import {
  REQUIRED_SECTIONS,
  defaultPrivacyMarkdown,
  defaultTermsMarkdown,
  refundMarkdown,
  splitSections,
  withRequiredSections,
} from './sections';

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
  it('the privacy policy has every section it must have', () => {
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

describe('withRequiredSections', () => {
  const defaults = splitSections(defaultTermsMarkdown('Shop', 'a@b.in')).sections;

  it("an owner's terms without a required statement still show the default's, in its place", () => {
    const own = splitSections('## Eligibility\nAdults only.\n\n## Governing Law\nKarnataka.\n\n## Contact Us\nWrite.').sections;
    const all = withRequiredSections(own, defaults, REQUIRED_SECTIONS.terms);
    expect(all.map((s) => s.title)).toEqual([
      'Eligibility',
      'Limitation of Liability',
      'Governing Law',
      'Changes to These Terms',
      'Contact Us',
    ]);
    // The owner's own wording is kept; a heading written without its {#id} is the same section.
    expect(all[0].markdown).toBe('Adults only.');
    expect(all[2].markdown).toBe('Karnataka.');
    expect(all[1].markdown).toContain('100 USD');
    expect(all[3].markdown).toContain("30 days' notice");
  });

  it('a text with every required section is left as it is', () => {
    const own = splitSections(defaultTermsMarkdown('Kapda', 'k@b.in')).sections;
    expect(withRequiredSections(own, defaults, REQUIRED_SECTIONS.terms)).toEqual(own);
  });

  it('every required id is a section of the default texts', () => {
    const privacy = splitSections(defaultPrivacyMarkdown('Shop', 'a@b.in')).sections.map((s) => s.id);
    expect(REQUIRED_SECTIONS.privacy.filter((id) => !privacy.includes(id))).toEqual([]);
    expect(REQUIRED_SECTIONS.terms.filter((id) => !defaults.some((s) => s.id === id))).toEqual([]);
  });
});
