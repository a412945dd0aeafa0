#!/usr/bin/env node
// `dispatch-mcp` (package.json "bin") and `npm run -s mcp`: the stdio bridge to Dispatch's MCP
// server (docs/agents.md, "Local agents over stdio"). It runs config/mcpBridge.ts through tsx, a
// dependency, as `npm run admin` runs the operator CLI: a fresh clone works after `npm install`,
// without a build, from any working directory (an agent starts it from its own).
const path = require('node:path');
const { require: tsxRequire } = require('tsx/cjs/api');

tsxRequire(path.join(__dirname, '..', 'config', 'mcpBridge.ts'), __filename);
