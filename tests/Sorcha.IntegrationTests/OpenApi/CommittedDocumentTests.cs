using System.Net;
using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.IntegrationTests.Infrastructure;

namespace Sorcha.IntegrationTests.OpenApi;

/// <summary>
/// Each served document equals the one committed under docs/openapi/: a changed or removed route, status or field
/// fails here, naming it, until the committed file is updated on purpose (SORCHA_UPDATE_OPENAPI=1; docs/api.md).
/// </summary>
[Collection(PlatformScope.Name)]
public sealed class CommittedDocumentTests(PlatformFixture platform)
{
    private static readonly JsonSerializerOptions Indented = new() { WriteIndented = true };

    public static TheoryData<string> Names() => [.. CommittedDocuments.Names];

    [Theory]
    [MemberData(nameof(Names))]
    public async Task Served_document_equals_the_committed_one(string name)
    {
        using var response = await platform.Gateway.GetAsync($"/openapi/{name}.json");
        var text = await response.Content.ReadAsStringAsync();
        Assert.True(response.StatusCode == HttpStatusCode.OK, $"/openapi/{name}.json: {(int)response.StatusCode} {text}");
        var served = JsonNode.Parse(text)!;
        var file = CommittedDocuments.PathOf(name);
        if (CommittedDocuments.Update)
        {
            await File.WriteAllTextAsync(file, served.ToJsonString(Indented) + "\n");
            return;
        }

        Assert.True(File.Exists(file), $"{file} is missing: run the suite once with SORCHA_UPDATE_OPENAPI=1 (docs/api.md).");
        var differences = JsonDiff.Differences(JsonNode.Parse(await File.ReadAllTextAsync(file)), served);
        Assert.True(differences.Count == 0,
            $"/openapi/{name}.json differs from docs/openapi/{name}.json ({differences.Count} differences; if intended, " +
            $"rerun with SORCHA_UPDATE_OPENAPI=1 and commit the file):\n  " + string.Join("\n  ", differences.Take(40)));
    }
}
