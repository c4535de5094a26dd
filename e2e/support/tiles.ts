/** The map tile server the e2e app is configured with; no such host exists, the tests answer it. */
export const E2E_TILE_URL = 'https://tiles.fitstreak.test/{z}/{x}/{y}.png';
