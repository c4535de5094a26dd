import type { Messages } from '@lingui/core';
import { i18n } from '@/i18n';

// Sentences in English, every catalogue at hand, as the app shows them once a page has loaded.
const english = import.meta.glob<Messages>('../locales/en/*.json', { import: 'default', eager: true });
for (const messages of Object.values(english)) i18n.load('en', messages);
i18n.activate('en');
