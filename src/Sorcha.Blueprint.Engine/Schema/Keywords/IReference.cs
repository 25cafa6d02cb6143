namespace Sorcha.Blueprint.Engine.Schema.Keywords;

/// <summary>$ref or $dynamicRef: resolved by the compiler after the documents are loaded, so forward and recursive references work.</summary>
internal interface IReference
{
    string Reference { get; }

    SchemaNode Target { get; set; }
}
