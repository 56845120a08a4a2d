import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { splitSections, withRequiredSections, type MarkdownSection } from '../lib/sections';
import { Markdown } from './Markdown';

/** A paragraph of a policy page. */
export const P = ({ children }: { children: ReactNode }) => <Typography component="p">{children}</Typography>;

/** What a legal page shows: the shop's name and address, and the text saved in the back office (if any). */
export interface LegalPageProps {
  companyName: string;
  email: string;
  savedContent: string | null;
}

export interface PolicySection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A policy page with a contents sidebar that scrolls to its sections. */
export function PolicyLayout({
  title,
  intro,
  sections,
  footer,
}: {
  title: string;
  intro?: ReactNode;
  sections: PolicySection[];
  footer?: ReactNode;
}) {
  const [active, setActive] = useState(sections[0]?.id ?? '');
  const go = (id: string) => {
    setActive(id);
    const el = document.getElementById(id);
    el?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    el?.focus?.({ preventScroll: true });
  };
  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h3" component="h1" gutterBottom>
        {title}
      </Typography>
      {intro && <Box sx={{ mb: 3, color: 'text.secondary', '& p': { mb: 1 } }}>{intro}</Box>}
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: 'minmax(0,1fr)', md: '260px minmax(0,1fr)' } }}>
        <Paper
          variant="outlined"
          component="nav"
          aria-label="Contents"
          sx={{ alignSelf: 'start', position: { md: 'sticky' }, top: { md: 88 } }}
        >
          <Typography variant="subtitle2" sx={{ px: 2, pt: 2 }}>
            Contents
          </Typography>
          <List dense>
            {sections.map((s) => (
              <ListItem key={s.id} disablePadding>
                <ListItemButton selected={active === s.id} onClick={() => go(s.id)}>
                  <ListItemText primary={s.title} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Paper>
        <Box sx={{ minWidth: 0 }}>
          {sections.map((s) => (
            <Box
              key={s.id}
              component="section"
              id={s.id}
              tabIndex={-1}
              aria-labelledby={`${s.id}-h`}
              sx={{ mb: 4, scrollMarginTop: 88, outline: 'none', '& p': { mb: 1.5, lineHeight: 1.7 } }}
            >
              <Typography id={`${s.id}-h`} variant="h5" component="h2" gutterBottom>
                {s.title}
              </Typography>
              {s.body}
            </Box>
          ))}
          {footer}
        </Box>
      </Box>
    </Container>
  );
}

/**
 * A legal page's sections from its Markdown: one per top heading, listed in the contents
 * sidebar. A text without headings (a plain text saved before pages were Markdown) is one
 * section titled `title`. The default text's sections named in `keep` (those docs/PRODUCT.md requires)
 * are added when the text lacks them.
 */
export function markdownPolicy(
  text: string,
  title: string,
  defaults: string,
  keep: readonly string[] = ['contact'],
): { intro: ReactNode; sections: PolicySection[] } {
  const { intro, sections } = splitSections(text);
  const own: MarkdownSection[] = sections.length ? sections : [{ id: 'policy', title, markdown: intro }];
  const all = text === defaults ? own : withRequiredSections(own, splitSections(defaults).sections, keep);
  return {
    intro: sections.length && intro ? <Markdown>{intro}</Markdown> : undefined,
    sections: all.map((s) => ({ id: s.id, title: s.title, body: <Markdown>{s.markdown}</Markdown> })),
  };
}
