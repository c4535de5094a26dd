import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import './english';

// findBy… and waitFor wait for a condition; on a busy two-core machine a lazy route's first render
// can take longer than the 1 s they allow by default.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());
