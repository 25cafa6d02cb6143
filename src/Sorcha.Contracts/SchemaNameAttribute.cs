namespace Sorcha.Contracts;

/// <summary>
/// The name the OpenAPI documents give this type's schema, where it differs from the C# name. A C# name must not repeat
/// a namespace segment (a type <c>Blueprint</c> is shadowed wherever the namespace <c>Sorcha.Blueprint</c> is in
/// scope), while the documents keep the names that clients were generated from. Read by the services' schema
/// reference id hook (Sorcha.ServiceDefaults, OpenApi/OpenApiSetup.cs).
/// </summary>
[AttributeUsage(AttributeTargets.Class | AttributeTargets.Struct, Inherited = false)]
public sealed class SchemaNameAttribute(string name) : Attribute
{
    public string Name { get; } = name;
}
