using System.Reflection;
using System.Text.Json;
using System.Text.Json.Nodes;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.OpenApi;
using Microsoft.OpenApi;
using Sorcha.Contracts;

namespace Sorcha.ApiPlatform.OpenApi;

/// <summary>Schemas as the wire has them, where the generator's reading of the CLR types says otherwise.</summary>
internal static class OpenApiSchemas
{
    public static Task DescribeAsync(OpenApiSchema schema, OpenApiSchemaTransformerContext context, CancellationToken ct)
    {
        var type = context.JsonTypeInfo.Type;
        if (type == typeof(ProblemDetails) || type == typeof(HttpValidationProblemDetails))
        {
            DescribeProblem(schema);
        }
        else if (IsAnyJson(type))
        {
            // A JSON Logic rule, a JSON Schema, a payload, action data: whatever JSON the caller sent (an object or
            // an array where the CLR type says so). Inlined, never a component (OpenApiSetup), so no nullable
            // oneOf [null, any] wraps it, which null would match twice.
            schema.Type = type == typeof(JsonObject) ? JsonSchemaType.Object : type == typeof(JsonArray) ? JsonSchemaType.Array : null;
            if (schema.Type is not null && context.JsonPropertyInfo is { IsGetNullable: true })
            {
                schema.Type |= JsonSchemaType.Null;
            }

            schema.Properties = null;
            schema.Required = null;
            schema.OneOf = null;
            schema.AdditionalPropertiesAllowed = true;
            schema.AdditionalProperties = null;
            schema.Description ??= schema.Type is null ? "Any JSON value." : null;
        }
        else if (context.JsonTypeInfo.Kind == JsonTypeInfoKind.Object)
        {
            MakeOmittedMembersOptional(schema, context.JsonTypeInfo);
        }

        return Task.CompletedTask;
    }

    /// <summary>
    /// A component's name: the contract's (<see cref="SchemaNameAttribute"/>) where the C# name differs from it, such
    /// as BlueprintDocument's "Blueprint"; none for any JSON, which is always inlined.
    /// </summary>
    public static string? ReferenceId(JsonTypeInfo type) => IsAnyJson(type.Type)
        ? null
        : type.Type.GetCustomAttribute<SchemaNameAttribute>()?.Name ?? OpenApiOptions.CreateDefaultSchemaReferenceId(type);

    public static bool IsAnyJson(Type type) =>
        typeof(JsonNode).IsAssignableFrom(type) || type == typeof(JsonElement) || type == typeof(JsonElement?) || type == typeof(JsonDocument);

    /// <summary>
    /// RFC 9457 allows extension members, and every Sorcha problem has some: <c>traceId</c> always, <c>errors</c> on
    /// validation problems (400 fields, 422 JSON Pointers), the OAuth2 <c>error</c> on token errors.
    /// </summary>
    private static void DescribeProblem(OpenApiSchema schema)
    {
        schema.AdditionalPropertiesAllowed = true;
        schema.AdditionalProperties = null;
        schema.Properties ??= new Dictionary<string, IOpenApiSchema>();
        schema.Properties["traceId"] = new OpenApiSchema
        {
            Type = JsonSchemaType.String,
            Description = "The W3C trace id of the request, to find it in logs and traces.",
        };
        schema.Properties["errors"] = new OpenApiSchema
        {
            Type = JsonSchemaType.Object,
            Description = "Validation problems: every failing field (400) or JSON Pointer (422) with its messages.",
            AdditionalProperties = new OpenApiSchema { Type = JsonSchemaType.Array, Items = new OpenApiSchema { Type = JsonSchemaType.String } },
        };
    }

    /// <summary>A member the service leaves out when it has no value (JsonIgnore WhenWritingNull) is not required.</summary>
    private static void MakeOmittedMembersOptional(OpenApiSchema schema, JsonTypeInfo typeInfo)
    {
        if (schema.Required is not { Count: > 0 } required)
        {
            return;
        }

        foreach (var property in typeInfo.Properties)
        {
            var ignore = property.AttributeProvider?.GetCustomAttributes(typeof(JsonIgnoreAttribute), inherit: true)
                .OfType<JsonIgnoreAttribute>().FirstOrDefault();
            if (ignore?.Condition is JsonIgnoreCondition.WhenWritingNull or JsonIgnoreCondition.WhenWritingDefault)
            {
                required.Remove(property.Name);
            }
        }
    }
}
