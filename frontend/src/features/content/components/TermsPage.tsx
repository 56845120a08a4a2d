import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { P, PolicyLayout, SavedContent, type LegalPageProps, type PolicySection } from './PolicyLayout';

export function termsSections(companyName: string, email: string): PolicySection[] {
  return [
    {
      id: 'acceptance',
      title: 'Acceptance of Terms',
      body: (
        <P>
          By using the website and services of {companyName} you agree to these Terms and Conditions. If you do not
          agree, please do not use our services.
        </P>
      ),
    },
    {
      id: 'eligibility',
      title: 'Eligibility',
      body: <P>You must be 18 years of age or over to use this website and to place orders.</P>,
    },
    {
      id: 'accounts',
      title: 'Your Account',
      body: (
        <P>
          You are responsible for keeping your password confidential and for all activity under your account. Tell us
          at once about any unauthorised use.
        </P>
      ),
    },
    {
      id: 'orders',
      title: 'Orders and Payment',
      body: (
        <P>
          All orders are subject to availability. Prices are shown in Indian rupees (₹). Payment is cash on delivery.
        </P>
      ),
    },
    {
      id: 'intellectual-property',
      title: 'Intellectual Property',
      body: (
        <P>
          The content of this website, including text, images and logos, belongs to {companyName} and may not be used
          without our written permission.
        </P>
      ),
    },
    {
      id: 'liability',
      title: 'Limitation of Liability',
      body: (
        <P>
          To the extent permitted by law, the total liability of {companyName} for any claim is limited to the amount
          you paid through the service, or 100 USD if you have not purchased anything.
        </P>
      ),
    },
    {
      id: 'governing-law',
      title: 'Governing Law',
      body: (
        <P>
          These terms are governed by the laws of India and of the state in which {companyName} is registered, and
          any dispute is subject to the jurisdiction of its courts.
        </P>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to These Terms',
      body: (
        <P>
          We may revise these terms. For a material change we will give at least 30 days' notice before the new terms
          take effect.
        </P>
      ),
    },
    {
      id: 'contact',
      title: 'Contact Us',
      body: (
        <P>
          Questions about these terms can be sent to {companyName} at {email}.
        </P>
      ),
    },
  ];
}

export function TermsPage({ companyName, email, savedContent }: LegalPageProps) {
  const [accepted, setAccepted] = useState(false);
  let sections = termsSections(companyName, email);
  if (savedContent) {
    sections = [
      { id: 'terms', title: 'Terms and Conditions', body: <SavedContent content={savedContent} /> },
      ...sections.filter((s) => s.id === 'contact'),
    ];
  }
  return (
    <PolicyLayout
      title="Terms and Conditions"
      intro={<P>Please read these terms carefully before using the services of {companyName}.</P>}
      sections={sections}
      footer={
        <Paper variant="outlined" sx={{ p: 2 }}>
          <FormControlLabel
            control={<Switch checked={accepted} onChange={(e) => setAccepted(e.target.checked)} />}
            label="Accept Terms"
          />
          <Typography variant="body2" color={accepted ? 'success.main' : 'text.secondary'}>
            {accepted ? 'You have accepted the terms and conditions.' : 'You have not accepted the terms yet.'}
          </Typography>
        </Paper>
      }
    />
  );
}
