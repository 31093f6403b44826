// The knowledge-base tools (docs/seed-mapping.md, seed 002): search, collections, ingestion, augmentation. The folders
// ingestion may read are the desktop's (desktop/knowledgeRoots.ts).
import { augmentKnowledgeTool, ingestDocumentsTool } from './knowledgeIngest.js';
import { manageCollectionsTool } from './knowledgeCollections.js';
import { queryKnowledgeBaseTool } from './knowledgeQuery.js';

export const KNOWLEDGE_TOOLS = [
  queryKnowledgeBaseTool,
  manageCollectionsTool,
  ingestDocumentsTool,
  augmentKnowledgeTool,
];
