import { defaultPrivacyMarkdown, REQUIRED_SECTIONS } from '../lib/sections';
import { PolicyLayout, markdownPolicy, type LegalPageProps } from './PolicyLayout';

/**
 * The privacy policy: the owner's Markdown text (or the default one), its contents sidebar
 * built from its headings.
 */
export function PrivacyPolicyPage({ companyName, email, savedContent }: LegalPageProps) {
  const defaults = defaultPrivacyMarkdown(companyName, email);
  const { intro, sections } = markdownPolicy(savedContent ?? defaults, 'Privacy Policy', defaults, REQUIRED_SECTIONS.privacy);
  return <PolicyLayout title="Privacy Policy" intro={intro} sections={sections} />;
}
