import { forwardRef } from 'react';
import { Link, type LinkProps } from 'react-router';

/** react-router Link usable as MUI `component`. */
export const RouterLink = forwardRef<HTMLAnchorElement, LinkProps>(function RouterLink(props, ref) {
  return <Link ref={ref} {...props} />;
});
