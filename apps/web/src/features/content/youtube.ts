// A video banner embeds YouTube only (SPEC sections 2 and 8): any other link embeds nothing.

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/** The video id of a YouTube watch, share, shorts or embed link over https, else null. */
export function youTubeVideoId(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  let id: string | null = null;
  if (url.hostname === 'youtu.be') {
    id = url.pathname.slice(1);
  } else if (YOUTUBE_HOSTS.has(url.hostname)) {
    const [, kind, rest] = url.pathname.split('/');
    if (kind === 'watch') id = url.searchParams.get('v');
    else if (kind === 'embed' || kind === 'shorts' || kind === 'live') id = rest ?? null;
  }
  return id && VIDEO_ID.test(id) ? id : null;
}

/** The privacy-enhanced player address of a video id. */
export function youTubeEmbedUrl(id: string): string {
  return `https://www.youtube-nocookie.com/embed/${id}`;
}

const reported = new Set<string>();

/** Logs a refused video link once per page load, however often it is rendered. */
export function reportRefusedVideo(link: string): void {
  if (reported.has(link)) return;
  reported.add(link);
  console.warn(`Video banner not embedded: not a YouTube link (${link})`);
}
