// What the worker's scripts (static/js/worker/) share with the page's declarations: the Network Information
// API's hints, which pyodide-boot.js reads in either place (types/globals.d.ts declares them for a window).

interface NetworkInformation {
  readonly saveData?: boolean;
  readonly effectiveType?: "slow-2g" | "2g" | "3g" | "4g";
}

interface WorkerNavigator {
  readonly connection?: NetworkInformation;
}
