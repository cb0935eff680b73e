import type { ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { useLinkTo, type LinkAction, type LinkParams } from './areaLinks';

export interface AreaLinkProps extends Omit<LinkProps, 'to'> {
  area: string;
  action?: LinkAction;
  /** The record (for 'edit', 'show', 'record'). */
  record?: number | string;
  params?: LinkParams;
  /** Shown instead of a link when this console has no such area (its remote is not there); nothing by default. */
  fallback?: ReactNode;
}

/** A link to an area's page, composed from the host's table (`linkTo`): no page writes another's path. */
export function AreaLink({ area, action, record, params, fallback = null, ...link }: AreaLinkProps) {
  const to = useLinkTo()(area, action, record, params);
  return to ? <Link to={to} {...link} /> : <>{fallback}</>;
}
