import { ROOT_GROUP, type ServiceUserGroup } from '@keydeck/contract/service-users';
import { saveJsonFile } from '../../../lib/save-file';

export type PlacedGroup = ServiceUserGroup & { depth: number };

/**
 * Groups in tree order: each parent followed by its subgroups, by name, starting from Root. A group whose
 * parent is missing is shown at the top level rather than lost.
 */
export function treeOrder(groups: ServiceUserGroup[]): PlacedGroup[] {
  const names = new Set(groups.map((g) => g.name.toLowerCase()));
  const parentKey = (g: ServiceUserGroup) => (g.parent === ROOT_GROUP || !names.has(g.parent.toLowerCase()) ? null : g.parent.toLowerCase());
  const placed: PlacedGroup[] = [];
  const seen = new Set<string>();
  const visit = (parent: string | null, depth: number) => {
    const children = groups.filter((g) => parentKey(g) === parent).sort((a, b) => a.name.localeCompare(b.name));
    for (const child of children) {
      if (seen.has(child.name)) continue;
      seen.add(child.name);
      placed.push({ ...child, depth });
      visit(child.name.toLowerCase(), depth + 1);
    }
  };
  visit(null, 0);
  return placed;
}

/** The groups as an export: what GET answers, ready for Import on this or another service. */
export function exportGroups(serviceName: string, groups: ServiceUserGroup[]): void {
  const exported = groups.map(({ name, parent, status, permissions, user_count }) => ({ name, parent, status, permissions, user_count }));
  saveJsonFile(`${serviceName.replace(/[^\w.-]+/g, '-')}-groups.json`, exported);
}
