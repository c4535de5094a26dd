import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import type { Messages } from '@lingui/core';
import { afterEach } from 'vitest';
import { i18n } from '@/i18n';

// findBy… and waitFor wait for a condition; on a busy two-core machine a lazy route's first render
// can take longer than the 1 s they allow by default.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());

// Components show English, every catalogue at hand, as the app does once a page has loaded.
const english = import.meta.glob<Messages>('../locales/en/*.json', { import: 'default', eager: true });
for (const messages of Object.values(english)) i18n.load('en', messages);
i18n.activate('en');
