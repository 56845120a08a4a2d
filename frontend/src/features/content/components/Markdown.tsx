import ReactMarkdown, { type Components } from 'react-markdown';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

// Headings inside a section sit under its h2; links to other sites open safely.
const components: Components = {
  h1: ({ children }) => <Typography variant="h6" component="h3" gutterBottom>{children}</Typography>,
  h2: ({ children }) => <Typography variant="h6" component="h3" gutterBottom>{children}</Typography>,
  h3: ({ children }) => <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }} gutterBottom>{children}</Typography>,
  h4: ({ children }) => <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 700 }} gutterBottom>{children}</Typography>,
  p: ({ children }) => <Typography component="p">{children}</Typography>,
  a: ({ href, children }) => {
    const external = href ? /^https?:/i.test(href) : false;
    return (
      <Link href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {})}>
        {children}
      </Link>
    );
  },
  img: () => null,
};

/**
 * A legal page's text, written in Markdown by the shop's owner: paragraphs, lists, emphasis,
 * links and headings. Raw HTML is dropped, never rendered (`skipHtml`), and react-markdown's
 * URL filter drops `javascript:` and other unsafe links.
 */
export function Markdown({ children }: { children: string }) {
  return (
    <Box
      sx={{
        overflowWrap: 'anywhere',
        '& p': { mb: 1.5, lineHeight: 1.7 },
        '& ul, & ol': { pl: 3, mb: 1.5, lineHeight: 1.7 },
        '& blockquote': { borderLeft: 4, borderColor: 'divider', m: 0, mb: 1.5, pl: 2, color: 'text.secondary' },
      }}
    >
      <ReactMarkdown skipHtml components={components}>
        {children}
      </ReactMarkdown>
    </Box>
  );
}
