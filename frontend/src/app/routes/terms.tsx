import { TermsPage } from '@/features/content/components/TermsPage';
import { LegalPageRoute } from './legal-page';

export function Component() {
  return <LegalPageRoute slug="terms-conditions" titledAs="terms" Page={TermsPage} />;
}
