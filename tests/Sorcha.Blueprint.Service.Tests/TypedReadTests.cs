using System.Text.Json;
using Sorcha.Client;
using Sorcha.Contracts.Blueprints;
using Sorcha.Contracts.Instances;

namespace Sorcha.Blueprint.Service.Tests;

/// <summary>The typed reads that replaced GetProperty still fail when the server leaves out or nulls a member the model needs.</summary>
public sealed class TypedReadTests
{
    [Theory]
    [InlineData("""{"id":"b","createdAt":"2026-01-01T00:00:00+00:00","updatedAt":"2026-01-01T00:00:00+00:00","title":"t","published":false,"participants":[],"actions":[]}""")] // version missing
    [InlineData("""{"id":"b","createdAt":"2026-01-01T00:00:00+00:00","updatedAt":"2026-01-01T00:00:00+00:00","title":"t","version":1,"participants":[],"actions":[]}""")]    // published missing
    [InlineData("""{"id":"b","createdAt":"2026-01-01T00:00:00+00:00","updatedAt":"2026-01-01T00:00:00+00:00","title":null,"version":1,"published":false,"participants":[],"actions":[]}""")]
    public void A_blueprint_missing_a_member_is_refused(string json) =>
        Assert.Throws<JsonException>(() => JsonSerializer.Deserialize<BlueprintDto>(json, Json.Options));

    [Fact]
    public void A_receipt_missing_its_sequence_is_refused_and_a_null_next_action_is_read()
    {
        Assert.Throws<JsonException>(() => JsonSerializer.Deserialize<SubmitActionResponse>(
            """{"txId":"a","nextActionId":null,"calculated":{},"recipients":[]}""", Json.Options));
        var receipt = JsonSerializer.Deserialize<SubmitActionResponse>(
            """{"txId":"a","sequence":0,"calculated":{},"recipients":[]}""", Json.Options)!;
        Assert.Null(receipt.NextActionId);
    }
}
