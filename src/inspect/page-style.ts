/**
 * @module inspect/page-style
 * The inspector page's inline style sheet (system fonts only: nothing is fetched).
 */
export const PAGE_STYLE = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;font-size:14px;color:#1d2329;background:#f6f7f9}
body{margin:0}header{background:#1d2329;color:#fff;padding:12px 24px}header h1{margin:0;font-size:20px}header p{margin:4px 0 0}
main{padding:8px 24px 40px;max-width:1280px}section{background:#fff;border:1px solid #dde1e6;border-radius:6px;padding:8px 16px 16px;margin:16px 0}
h2{font-size:16px;margin:8px 0}h3{font-size:14px;margin:12px 0 6px}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:3px 8px;border-bottom:1px solid #eef0f2;vertical-align:top}
th{font-weight:600;background:#f1f3f5}td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.bar{display:inline-block;width:160px;height:10px;background:#eef0f2;border-radius:2px;overflow:hidden}.bar span{display:block;height:100%;background:#2b7de9}
tr.skipped td,tr.empty td{color:#8a939c}.muted{color:#8a939c}.bad{color:#c92a2a}
.boundary{margin:10px 0;padding:6px 10px;border-left:4px solid #2f9e44;background:#ebfbee;font-weight:600}
tr.not-placed td{color:#8a939c}tr.placed td:nth-child(2){color:#2f9e44;font-weight:600}
.tag{display:inline-block;font-size:11px;padding:0 5px;border-radius:3px;background:#e7f5ff;color:#1c5a9c}
.kind-fragment{background:#fff4e6;color:#9c4a00}.kind-tool-result{background:#f3f0ff;color:#5f3dc4}
pre.excerpt{margin:0 0 4px;white-space:pre-wrap;word-break:break-all;background:#fff5f5;padding:2px 4px;border-radius:3px}
pre.prompt-text{white-space:pre-wrap;word-break:break-word;background:#f8f9fa;padding:8px;border-radius:4px;max-height:480px;overflow:auto;font-size:12px}
code.hash{font-size:11px;word-break:break-all}td.preview{font-size:12px;color:#495057;word-break:break-word}
.legend{list-style:none;padding:0;display:flex;gap:16px;flex-wrap:wrap}.swatch{display:inline-block;width:18px;border-top:2px solid;margin-right:6px;vertical-align:middle}.swatch.dashed{border-top-style:dashed}
`;
