using System.Net.Http.Json;
using System.Text.Json;

namespace Sorcha.Blueprint.Service.Tests;

/// <summary>
/// The blueprint document's C# type is BlueprintDocument (a type Blueprint is shadowed by the namespace
/// Sorcha.Blueprint), yet its schema keeps the contract's name, which generated clients were made from.
/// </summary>
[Collection(BlueprintScope.Name)]
public sealed class OpenApiSchemaNameTests(BlueprintServices services)
{
    [Fact]
    public async Task The_blueprint_document_is_the_Blueprint_schema()
    {
        using var http = new HttpClient { BaseAddress = services.Address("blueprint", "/") };
        var document = await http.GetFromJsonAsync<JsonElement>("/openapi/v1.json");

        var schemas = document.GetProperty("components").GetProperty("schemas");
        Assert.True(schemas.TryGetProperty("Blueprint", out _));
        Assert.False(schemas.TryGetProperty("BlueprintDocument", out _));
        var body = document.GetProperty("paths").GetProperty("/api/blueprints").GetProperty("post").GetProperty("requestBody")
            .GetProperty("content").GetProperty("application/json").GetProperty("schema").GetRawText();
        Assert.Contains("\"#/components/schemas/Blueprint\"", body, StringComparison.Ordinal);
    }
}
