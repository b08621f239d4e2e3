import FlintSync
