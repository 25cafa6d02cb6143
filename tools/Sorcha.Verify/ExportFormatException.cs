namespace Sorcha.Verify;

/// <summary>The export file itself is not in the export format (a bad docket line) — an invalid export, not an I/O error.</summary>
public sealed class ExportFormatException(string message) : Exception(message);
