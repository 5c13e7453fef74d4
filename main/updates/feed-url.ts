/**
 * The owner's update feed, checked before electron-updater sees it. Only https: the feed's
 * `latest*.yml` carries the sha512 electron-updater verifies each download against, so whoever can
 * rewrite the feed in transit could hand over any binary with a matching checksum.
 */
export type FeedCheck = { ok: true; url: string } | { ok: false; reason: string };

export function checkFeedUrl(raw: string): FeedCheck {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, reason: `the update feed is not a URL: ${raw}` };
  }
  if (url.protocol !== 'https:')
    return { ok: false, reason: `the update feed must be an https:// URL, not ${url.protocol}//` };
  // Credentials in the URL would end up in electron-updater's log lines.
  if (url.username || url.password)
    return { ok: false, reason: 'the update feed URL must not carry a user name or password' };
  return { ok: true, url: url.href };
}
