// Report formats for export_results (markdown, json, bibtex) and get_results (summary, detailed,
// nih_aims): pure functions of one ResearchReport.
export type { ResearchReport, Standing } from './report.js';
export { exportMarkdown, UNVERIFIED_MARK, type MarkdownOptions } from './markdown.js';
export { exportJson, reportDocument, REPORT_FORMAT_VERSION, type ReportDocument } from './json.js';
export { exportBibtex, UNVERIFIED_NOTE } from './bibtex.js';
export { bibliography, type Bibliography, type Reference } from './references.js';
export { resultsSummary, resultsDetailed, executiveSummary, topHypotheses, type ResultsSummary, type ResultsDetailed } from './results.js';
export { nihSpecificAims, NIH_AIMS_MAX_WORDS, type NihSpecificAims, type SpecificAim } from './nihAims.js';
