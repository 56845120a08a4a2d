import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Fade from '@mui/material/Fade';
import Stack from '@mui/material/Stack';
import { NOTICE_DURATION_MS, NOTICE_FADE_MS, useNotices, type Notice } from '@/lib/notify';

function NoticeItem({ notice }: { notice: Notice }) {
  const dismiss = useNotices((s) => s.dismiss);
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    const timer = window.setTimeout(() => setVisible(false), NOTICE_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <Fade in={visible} timeout={NOTICE_FADE_MS} appear={false} onExited={() => dismiss(notice.id)}>
      <Alert
        severity={notice.severity}
        variant="filled"
        onClose={() => setVisible(false)}
        sx={{ boxShadow: 3, width: '100%' }}
      >
        {notice.message}
      </Alert>
    </Fade>
  );
}

/** Stack of notifications under the header; each fades out (300 ms) after 4 s. */
export function Notifier() {
  const notices = useNotices((s) => s.notices);
  return (
    <Stack
      role="status"
      aria-live="polite"
      spacing={1}
      sx={{
        position: 'fixed',
        zIndex: (t) => t.zIndex.snackbar,
        // Below the header (and the desktop's top bar above it), never over its cart and
        // wishlist badges.
        top: { xs: 64, sm: 76, md: 108 },
        right: { xs: 8, sm: 16 },
        left: { xs: 8, sm: 'auto' },
        maxWidth: { sm: 400 },
        pointerEvents: 'none',
        '& > *': { pointerEvents: 'auto' },
      }}
    >
      {notices.map((n) => (
        <NoticeItem key={n.id} notice={n} />
      ))}
    </Stack>
  );
}
