// The knowledge-base tools (seeds/002): search, collections, ingestion, augmentation, and the
// desktop-only list of folders ingestion may read.
import { augmentKnowledgeTool, ingestDocumentsTool, manageKnowledgeRootsTool } from './knowledgeIngest.js';
import { manageCollectionsTool } from './knowledgeCollections.js';
import { queryKnowledgeBaseTool } from './knowledgeQuery.js';

export const KNOWLEDGE_TOOLS = [
  queryKnowledgeBaseTool,
  manageCollectionsTool,
  ingestDocumentsTool,
  augmentKnowledgeTool,
  manageKnowledgeRootsTool,
];
