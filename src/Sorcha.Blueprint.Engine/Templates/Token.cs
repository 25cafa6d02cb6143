namespace Sorcha.Blueprint.Engine.Templates;

/// <summary>A token of a JSON-e expression: its kind ("number", "identifier", "string", or the symbol itself) and where it lies.</summary>
internal readonly record struct Token(string Kind, string Value, int Start, int End);
