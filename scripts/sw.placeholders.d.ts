// The placeholders of sw.template.js, as scripts/build_sw.py's render() fills them ("__VERSION__" is a string
// already): __FILES__ is [url, hash] for every file the page needs, __EITHER__ the pairs [preferred, plain]
// of which one file is cached.
declare const __FILES__: [url: string, hash: string][];
declare const __EITHER__: [preferred: string, plain: string][];
