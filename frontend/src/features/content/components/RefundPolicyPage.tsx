import { useState } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { refundMarkdown, splitSections } from '../lib/sections';
import { Markdown } from './Markdown';

/** The tabs: the policy's headings, each with its Markdown. */
export function refundTabs(email: string) {
  return splitSections(refundMarkdown(email)).sections.map((s) => ({
    id: s.id,
    label: s.title,
    body: <Markdown>{s.markdown}</Markdown>,
  }));
}

export function RefundPolicyPage({ email }: { email: string }) {
  const tabs = refundTabs(email);
  const [tab, setTab] = useState(0);
  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h3" component="h1" gutterBottom>
        Return and Refund Policy
      </Typography>
      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_e, v: number) => setTab(v)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Refund policy sections"
        >
          {tabs.map((t, i) => (
            <Tab key={t.id} label={t.label} id={`refund-tab-${i}`} aria-controls={`refund-panel-${i}`} />
          ))}
        </Tabs>
        {tabs.map((t, i) => (
          <Box
            key={t.id}
            role="tabpanel"
            hidden={tab !== i}
            id={`refund-panel-${i}`}
            aria-labelledby={`refund-tab-${i}`}
            sx={{ p: { xs: 2, sm: 3 } }}
          >
            {tab === i && t.body}
          </Box>
        ))}
      </Paper>
    </Container>
  );
}
