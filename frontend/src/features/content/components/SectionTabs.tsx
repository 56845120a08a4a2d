import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { SxProps, Theme } from '@mui/material/styles';

export interface TabSection {
  id: string;
  label: string;
  body: ReactNode;
}

interface Props {
  /** The tab list's accessible name. */
  label: string;
  /** Prefix of the tab and panel ids (`about` gives about-tab-0 and about-panel-0). */
  idPrefix: string;
  sections: TabSection[];
  panelSx: SxProps<Theme>;
}

/** A page's sections as tabs in an outlined paper; only the chosen section's panel is drawn. */
export function SectionTabs({ label, idPrefix, sections, panelSx }: Props) {
  const [tab, setTab] = useState(0);
  return (
    <Paper variant="outlined">
      <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile aria-label={label}>
        {sections.map((s, i) => (
          <Tab key={s.id} label={s.label} id={`${idPrefix}-tab-${i}`} aria-controls={`${idPrefix}-panel-${i}`} />
        ))}
      </Tabs>
      {sections.map((s, i) => (
        <Box key={s.id} role="tabpanel" hidden={tab !== i} id={`${idPrefix}-panel-${i}`} aria-labelledby={`${idPrefix}-tab-${i}`} sx={panelSx}>
          {tab === i && s.body}
        </Box>
      ))}
    </Paper>
  );
}
