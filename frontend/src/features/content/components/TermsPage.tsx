import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { defaultTermsMarkdown, REQUIRED_SECTIONS } from '../lib/sections';
import { PolicyLayout, markdownPolicy, type LegalPageProps } from './PolicyLayout';

export function TermsPage({ companyName, email, savedContent }: LegalPageProps) {
  const [accepted, setAccepted] = useState(false);
  const defaults = defaultTermsMarkdown(companyName, email);
  const { intro, sections } = markdownPolicy(savedContent ?? defaults, 'Terms and Conditions', defaults, REQUIRED_SECTIONS.terms);
  return (
    <PolicyLayout
      title="Terms and Conditions"
      intro={intro}
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
