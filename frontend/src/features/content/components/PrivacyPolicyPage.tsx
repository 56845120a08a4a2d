import { P, PolicyLayout, SavedContent, type LegalPageProps, type PolicySection } from './PolicyLayout';

export function privacySections(companyName: string, email: string): PolicySection[] {
  return [
    {
      id: 'interpretation',
      title: 'Interpretation and Definitions',
      body: (
        <P>
          Words with an initial capital letter have the meanings defined here. "Company", "We", "Us" or "Our" refers to{' '}
          {companyName}. "You" means the person using our website or services.
        </P>
      ),
    },
    {
      id: 'collecting',
      title: 'Collecting Your Personal Data',
      body: (
        <P>
          While using our service we may ask you for personal data that can be used to contact or identify you: your
          e-mail address, first and last name, phone number, and your delivery address (street, city, state and postal
          code). Usage data is collected automatically.
        </P>
      ),
    },
    {
      id: 'tracking',
      title: 'Tracking Technologies and Cookies',
      body: (
        <P>
          We use browser storage to keep you signed in and to remember your cart and wishlist. We do not use tracking
          cookies from advertising networks.
        </P>
      ),
    },
    {
      id: 'usage',
      title: 'Use of Your Personal Data',
      body: (
        <P>
          We use your data to provide and maintain the service, to manage your account, to deliver your orders, to
          contact you about your orders, and to answer your requests.
        </P>
      ),
    },
    {
      id: 'retention',
      title: 'Retention of Your Personal Data',
      body: (
        <P>
          We keep your personal data only as long as needed for the purposes set out in this policy, and as long as
          needed to comply with our legal obligations, resolve disputes and enforce our agreements.
        </P>
      ),
    },
    {
      id: 'security',
      title: 'Security of Your Personal Data',
      body: (
        <P>
          The security of your personal data is important to us, but no method of transmission over the Internet or of
          electronic storage is 100% secure. We use commercially acceptable means to protect it.
        </P>
      ),
    },
    {
      id: 'children',
      title: "Children's Privacy",
      body: (
        <P>
          Our service does not address anyone under the age of 13. We do not knowingly collect personally identifiable
          information from anyone under the age of 13.
        </P>
      ),
    },
    {
      id: 'contact',
      title: 'Contact Us',
      body: <P>If you have any questions about this Privacy Policy, you can contact us by e-mail: {email}.</P>,
    },
  ];
}

export function PrivacyPolicyPage({ companyName, email, savedContent }: LegalPageProps) {
  const sections = privacySections(companyName, email);
  if (savedContent) {
    sections.unshift({ id: 'policy', title: 'Privacy Policy', body: <SavedContent content={savedContent} /> });
  }
  return (
    <PolicyLayout
      title="Privacy Policy"
      intro={<P>This Privacy Policy describes how {companyName} collects, uses and discloses your information.</P>}
      sections={savedContent ? sections.slice(0, 1).concat(sections.filter((s) => s.id === 'contact')) : sections}
    />
  );
}
