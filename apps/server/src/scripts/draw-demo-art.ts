import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { serverRoot } from '../config/paths.js';
import {
  bannerArtUrl,
  DEMO_BANNERS,
  gameArtUrl,
  teamCrestUrl,
  vendorLogoUrl,
} from '../db/seed/demo-art.js';
import { DEMO_CATALOGUE, demoGameCode } from '../db/seed/demo-catalogue.js';
import { DEMO_HOT_MATCHES } from '../db/seed/demo-content-hub.js';
import { drawBanner, drawGameTile, drawTeamCrest, drawVendorLogo } from './demo-art-drawing.js';

/**
 * Draws the demo's artwork (game tiles, vendor logos, team crests, banners) and writes it as
 * WebP under apps/web/public/demo, replacing what the folders held. Run after changing the demo
 * catalogue or the drawings: `npm run demo:art -w @app/server`; the outputs are committed.
 */

const PUBLIC_DIR = resolve(serverRoot, '../web/public');
const FOLDERS = ['demo/games', 'demo/vendors', 'demo/teams', 'demo/banners'];

/** What to draw: the public URL the seed uses and the SVG behind it. */
function artwork(): Map<string, string> {
  const out = new Map<string, string>();
  const vendorNames = new Map<string, string>();
  for (const entry of DEMO_CATALOGUE) {
    for (const vendor of entry.vendors) {
      // A vendor listed under several categories has one logo: the shortest of its names.
      const known = vendorNames.get(vendor.code);
      if (!known || vendor.displayName.length < known.length) {
        vendorNames.set(vendor.code, vendor.displayName);
      }
      let n = 0;
      for (const game of vendor.games) {
        if (!game.lobby) n += 1;
        const gameCode = demoGameCode(vendor.code, entry.category, n, game.lobby);
        const name = typeof game.name === 'string' ? game.name : game.name.EN;
        out.set(
          gameArtUrl(gameCode),
          drawGameTile({ vendorCode: vendor.code, gameCode, classify: game.classify, name }),
        );
      }
    }
  }
  for (const [code, name] of vendorNames) out.set(vendorLogoUrl(code), drawVendorLogo(code, name));
  for (const team of new Set(DEMO_HOT_MATCHES.flatMap(([, home, away]) => [home, away]))) {
    out.set(teamCrestUrl(team), drawTeamCrest(team));
  }
  for (const banner of DEMO_BANNERS) {
    for (const language of ['EN', 'TL'] as const) {
      out.set(bannerArtUrl(banner, language), drawBanner(banner, language));
    }
  }
  return out;
}

async function main(): Promise<void> {
  for (const folder of FOLDERS) {
    rmSync(join(PUBLIC_DIR, folder), { recursive: true, force: true });
    mkdirSync(join(PUBLIC_DIR, folder), { recursive: true });
  }
  const svgOnly = process.argv.includes('--svg');
  for (const [url, svg] of artwork()) {
    const file = join(PUBLIC_DIR, url);
    if (svgOnly) writeFileSync(file.replace(/\.webp$/, '.svg'), svg);
    // Flat colours and text: a high effort and a smart subsample keep edges clean at small sizes.
    else
      writeFileSync(
        file,
        await sharp(Buffer.from(svg))
          .webp({ quality: 78, effort: 6, smartSubsample: true })
          .toBuffer(),
      );
  }
  let total = 0;
  for (const folder of FOLDERS) {
    const files = readdirSync(join(PUBLIC_DIR, folder));
    const bytes = files.reduce((sum, f) => sum + statSync(join(PUBLIC_DIR, folder, f)).size, 0);
    total += bytes;
    console.log(`${folder}: ${files.length} files, ${(bytes / 1024).toFixed(1)} KB`);
  }
  console.log(`total: ${(total / 1024).toFixed(1)} KB`);
}

await main();
