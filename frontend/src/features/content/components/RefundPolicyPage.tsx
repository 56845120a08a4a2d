import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { refundMarkdown, splitSections } from '../lib/sections';
import { Markdown } from './Markdown';
import { SectionTabs, type TabSection } from './SectionTabs';

/** The tabs: the policy's headings, each with its Markdown. */
export function refundTabs(email: string): TabSection[] {
  return splitSections(refundMarkdown(email)).sections.map((s) => ({
    id: s.id,
    label: s.title,
    body: <Markdown>{s.markdown}</Markdown>,
  }));
}

export function RefundPolicyPage({ email }: { email: string }) {
  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h3" component="h1" gutterBottom>
        Return and Refund Policy
      </Typography>
      <SectionTabs label="Refund policy sections" idPrefix="refund" sections={refundTabs(email)} panelSx={{ p: { xs: 2, sm: 3 } }} />
    </Container>
  );
}
