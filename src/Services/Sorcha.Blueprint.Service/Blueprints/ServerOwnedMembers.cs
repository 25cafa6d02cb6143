using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Sorcha.Contracts.Blueprints;

namespace Sorcha.Blueprint.Service.Blueprints;

/// <summary>
/// Request bodies are strict (an unknown member is 400), but a blueprint fetched with GET and PUT back after an edit
/// carries the members the server owns: <c>id</c>, <c>version</c>, <c>published</c> (on the model, ignored by the
/// handlers) and these timestamps and <c>publishedVersion</c>, which are accepted and dropped here.
/// </summary>
public static class ServerOwnedMembers
{
    private static readonly string[] Timestamps = ["createdAt", "updatedAt", "publishedAt", "publishedVersion"];

    public static void AcceptServerOwnedMembers(this WebApplicationBuilder builder) =>
        builder.Services.ConfigureHttpJsonOptions(o => o.SerializerOptions.TypeInfoResolver =
            (o.SerializerOptions.TypeInfoResolver ?? new DefaultJsonTypeInfoResolver()).WithAddedModifier(IgnoreTimestamps));

    private static void IgnoreTimestamps(JsonTypeInfo info)
    {
        if (info.Type != typeof(BlueprintDocument))
        {
            return;
        }

        foreach (var name in Timestamps)
        {
            var member = info.CreateJsonPropertyInfo(typeof(JsonElement), name);
            member.Set = static (_, _) => { };
            info.Properties.Add(member);
        }
    }
}
