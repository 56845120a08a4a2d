import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { AdminPageHeader } from '@/components/AdminPageHeader';
import { PageLoader } from '@/components/PageLoader';
import { useUnsavedChanges } from '@/components/UnsavedChanges';
import { notify } from '@/lib/notify';
import { adminCompanyKeys, useLegalPages, useSaveLegalPage } from '../api';
import { LEGAL_MESSAGES, LEGAL_TABS } from '../lib/rules';
import type { LegalPage, LegalSlug } from '../types';

const noop = () => {};

function Editor({ pages, onSaved }: { pages: LegalPage[]; onSaved?: () => void }) {
  const qc = useQueryClient();
  const [tab, setTab] = useState<LegalSlug>('privacy-policy');
  const [drafts, setDrafts] = useState<Record<string, string>>(() =>
    Object.fromEntries(LEGAL_TABS.map((t) => [t.slug, pages.find((p) => p.slug === t.slug)?.content ?? ''])),
  );
  const save = useSaveLegalPage(() => {
    void qc.invalidateQueries({ queryKey: adminCompanyKeys.legal });
    onSaved?.();
  });
  const current = LEGAL_TABS.find((t) => t.slug === tab) ?? LEGAL_TABS[0];
  const existing = pages.find((p) => p.slug === tab);
  // What the server holds: the loaded text, or what was saved here since.
  const [saved, setSaved] = useState<Record<string, string>>({});
  const savedText = (slug: string) => saved[slug] ?? pages.find((p) => p.slug === slug)?.content ?? '';
  // A draft that differs from the saved text is not lost by leaving the page unasked.
  const dirty = LEGAL_TABS.some((t) => (drafts[t.slug] ?? '') !== savedText(t.slug));
  const { prompt } = useUnsavedChanges(dirty && !save.isPending, noop);

  function submit() {
    const content = drafts[current.slug] ?? '';
    save.mutate(
      { slug: current.slug, title: existing?.title || current.title, content },
      {
        onSuccess: () => {
          setSaved((s) => ({ ...s, [current.slug]: content }));
          notify.success(LEGAL_MESSAGES.saved);
        },
        onError: (err) => {
          console.error('Failed to save legal page', err);
          notify.error(LEGAL_MESSAGES.saveFailed);
        },
      },
    );
  }

  return (
    <Paper variant="outlined">
      {prompt}
      <Tabs value={tab} onChange={(_, v: LegalSlug) => setTab(v)} aria-label="Legal pages" variant="scrollable">
        {LEGAL_TABS.map((t) => (
          <Tab key={t.slug} value={t.slug} label={t.slug} id={`legal-tab-${t.slug}`} aria-controls={`legal-panel-${t.slug}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`legal-panel-${tab}`} aria-labelledby={`legal-tab-${tab}`} sx={{ p: { xs: 2, md: 3 } }}>
        <Typography variant="h5" component="h2" gutterBottom>
          {existing?.title || current.title}
        </Typography>
        {existing?.updatedAt && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Last saved {new Date(existing.updatedAt).toLocaleString('en-IN')}
          </Typography>
        )}
        <TextField
          label={`${current.title} content`}
          multiline
          minRows={14}
          fullWidth
          value={drafts[tab] ?? ''}
          onChange={(e) => setDrafts((d) => ({ ...d, [tab]: e.target.value }))}
          helperText="Markdown: a line starting with ## is a section heading (listed in the page's contents); **bold**, *italic*, - lists and [links](https://…). HTML is not shown."
        />
        <Box sx={{ mt: 2 }}>
          <Button variant="contained" onClick={submit} disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}

/** The privacy policy and terms texts the storefront shows. */
export function LegalPagesEditor({ onSaved }: { onSaved?: () => void }) {
  const pages = useLegalPages();
  useEffect(() => {
    if (pages.isError) notify.error(LEGAL_MESSAGES.fetchFailed);
  }, [pages.isError, pages.errorUpdatedAt]);

  return (
    <>
      <AdminPageHeader title="Legal pages" subtitle="Privacy policy and terms shown on the storefront" />
      {pages.isPending ? (
        <PageLoader label="Loading legal pages" />
      ) : (
        <>
          {pages.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {LEGAL_MESSAGES.fetchFailed}
            </Alert>
          )}
          <Editor pages={pages.data ?? []} onSaved={onSaved} />
        </>
      )}
    </>
  );
}
