/** One version's notes from CHANGELOG.md: its date and its headed lists of changes. */
export interface ReleaseNotes {
  readonly version: string;
  readonly date: string | null;
  readonly sections: readonly { readonly heading: string; readonly items: readonly string[] }[];
}

/**
 * The notes of `version` from the changelog's text (`## <version> - <date>`, `### <heading>`, `- ` bullets; see
 * CHANGELOG.md), or undefined when the changelog has no section for it. Plain parsing, no markdown library: the
 * format is ours and the items are shown as text.
 */
export function releaseNotesOf(changelog: string, version: string): ReleaseNotes | undefined {
  let current: { version: string; date: string | null; sections: { heading: string; items: string[] }[] } | undefined;
  for (const line of changelog.split(/\r?\n/)) {
    const release = /^## +(\S+)(?: +- +(.+))?\s*$/.exec(line);
    if (release) {
      if (current) break;
      if (release[1] === version) current = { version, date: release[2]?.trim() ?? null, sections: [] };
      continue;
    }
    if (!current) continue;
    const heading = /^### +(.+)$/.exec(line);
    if (heading) {
      current.sections.push({ heading: heading[1]!.trim(), items: [] });
      continue;
    }
    const item = /^- +(.+)$/.exec(line);
    if (item) {
      if (current.sections.length === 0) current.sections.push({ heading: 'Changes', items: [] });
      current.sections.at(-1)!.items.push(item[1]!.trim());
    }
  }
  return current;
}

/** Plain text for a support request: what the product, the browser and the clock say, so support can reproduce it. */
export function diagnosticText(facts: {
  version: string;
  userAgent: string;
  language: string;
  viewport: { width: number; height: number };
  page: string;
  now: Date;
  timeZone: string;
  role: string;
}): string {
  return [
    `Version: ${facts.version}`,
    `Time: ${facts.now.toISOString()} (UTC; browser time zone ${facts.timeZone})`,
    `Page: ${facts.page}`,
    `Role: ${facts.role}`,
    `Browser: ${facts.userAgent}`,
    `Language: ${facts.language}`,
    `Window: ${facts.viewport.width} x ${facts.viewport.height}`,
  ].join('\n');
}
