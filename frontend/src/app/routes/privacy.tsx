import { PrivacyPolicyPage } from '@/features/content/components/PrivacyPolicyPage';
import { LegalPageRoute } from './legal-page';

export function Component() {
  return <LegalPageRoute slug="privacy-policy" titledAs="privacy" Page={PrivacyPolicyPage} />;
}
