import type {ComponentType} from 'react';
import CodeBlockString from '@theme-original/CodeBlock/Content/String';
import type {Props} from '@theme/CodeBlock/Content/String';
import {preparePrism} from '@site/src/lib/prism';

// This module is the code blocks' highlighter, fetched with the first code
// block a page renders; the languages are ready before any block is drawn.
preparePrism();

export default CodeBlockString as ComponentType<Props>;
