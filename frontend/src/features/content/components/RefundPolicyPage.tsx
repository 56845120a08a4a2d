import { useState } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';

const P = ({ children }: { children: React.ReactNode }) => (
  <Typography component="p" sx={{ mb: 1.5, lineHeight: 1.7 }}>
    {children}
  </Typography>
);

export function refundTabs(email: string) {
  return [
    {
      id: 'overview',
      label: 'Overview',
      body: (
        <>
          <P>
            Thank you for shopping with us. You have 7 days to cancel an order or return an item. Once we receive the
            returned goods, your refund is issued within 14 days of receipt.
          </P>
          <P>Our services are not meant for children under 13; we do not knowingly sell to them.</P>
        </>
      ),
    },
    {
      id: 'cancellation',
      label: 'Cancellation',
      body: (
        <P>
          You can cancel an order within 7 days. A pending order can be cancelled from My Account → Order; after it has
          shipped, return it instead.
        </P>
      ),
    },
    {
      id: 'conditions',
      label: 'Conditions',
      body: (
        <>
          <P>To be eligible for a return, the item must be unused, in its original packaging, and returned within 7 days.</P>
          <P>Sale items are non-refundable.</P>
        </>
      ),
    },
    {
      id: 'process',
      label: 'Process',
      body: (
        <>
          <P>Contact us to start a return and send the item back with its receipt or proof of purchase.</P>
          <P>
            You pay the shipping cost of returning your item; shipping costs are non-refundable. Your refund is issued
            within 14 days of receipt of the returned goods.
          </P>
        </>
      ),
    },
    {
      id: 'gifts',
      label: 'Gifts',
      body: (
        <P>
          If the item was marked as a gift when bought and shipped to you, you will receive a gift credit for the value
          of your return.
        </P>
      ),
    },
    {
      id: 'contact',
      label: 'Contact',
      body: <P>Questions about returns and refunds? Write to us at {email || 'our support e-mail'}.</P>,
    },
  ];
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
