import {
  createRoute,
  stripSearchParams,
  type AnyRoute,
  type ParsedLocation,
  type ResolveFullPath,
  type ResolveId,
  type RouteComponent,
  type StaticDataRouteOption,
} from '@tanstack/react-router';
import type { z } from 'zod';
import { lenientSearch, searchDefaults } from '../lib/ui/list-search';
import type { RouterContext } from './root-route';

interface SearchParams<V> {
  validateSearch: V;
  /** Typed by the route's own search once created (see screen). */
  middlewares: unknown[];
}

/** A list keeps paging, order and filters in the URL, validated with the contract's query schema; spec §9 defaults are left out of it. */
export function list<S extends z.ZodObject>(schema: S): SearchParams<(search: Record<string, unknown>) => z.output<S>> {
  return {
    validateSearch: lenientSearch(schema),
    middlewares: [stripSearchParams<z.output<S>, never, Partial<z.output<S>>>(searchDefaults(schema))],
  };
}

/** Search params a page takes as its inputs (links, redirects, mails): a malformed value is dropped. */
export const query = <V>(validateSearch: V): SearchParams<V> => ({ validateSearch, middlewares: [] });

type SearchOf<V> = V extends (search: Record<string, unknown>) => infer S ? S : Record<string, never>;

export interface ScreenOptions<V> extends StaticDataRouteOption {
  component: RouteComponent;
  search?: SearchParams<V>;
  /** Runs before the screen opens, after the root's guard; throws a redirect to send the visitor elsewhere. */
  beforeLoad?: (input: { context: RouterContext; search: SearchOf<V>; location: ParsedLocation }) => Promise<void>;
}

/**
 * One row of the route table: the screen at `path` below `parent`, what it declares about itself
 * (staticData: see lib/route-static-data.ts) and its search params.
 */
export function screen<TParent extends AnyRoute, const TPath extends string, V = undefined>(
  parent: TParent,
  path: TPath,
  { component, search, beforeLoad, ...staticData }: ScreenOptions<V>,
) {
  // The types come from the arguments; the router's own generics cannot follow them through a factory.
  return createRoute<unknown, TParent, TPath, ResolveFullPath<TParent, TPath>, string, ResolveId<TParent, string, TPath>, V>({
    getParentRoute: () => parent,
    path,
    staticData,
    component,
    beforeLoad: beforeLoad as never,
    validateSearch: search?.validateSearch as never,
    search: { middlewares: (search?.middlewares ?? []) as never },
  });
}

/**
 * A tab of the layout screen `parent`: a child route titled "<layout title> · <label>" (the layout lists its children's
 * tabs); `group` heads it in a layout's grouped section navigation.
 */
export function tabOf<TParent extends AnyRoute>(parent: TParent, title: string) {
  return <const P extends string, V = undefined>(
    path: P,
    label: string,
    { group, ...options }: Omit<ScreenOptions<V>, 'title' | 'tab'> & { group?: string },
  ) => screen(parent, path, { title: `${title} · ${label}`, tab: { label, group }, ...options });
}
