using System.Text.Json.Serialization;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;

namespace Sorcha.ApiPlatform.Api;

/// <summary>
/// Request bodies bind strictly: a member the route does not know, or a member given twice, is 400 naming it, never
/// silently dropped (a misspelt optional field such as "mnemonc" would otherwise change what the request does).
/// Routes that accept server-owned members back (a blueprint's GET-edit-PUT) say so themselves.
/// </summary>
public static class StrictJson
{
    internal static void AddStrictJson(this IHostApplicationBuilder builder) =>
        builder.Services.ConfigureHttpJsonOptions(o =>
        {
            o.SerializerOptions.UnmappedMemberHandling = JsonUnmappedMemberHandling.Disallow;
            o.SerializerOptions.AllowDuplicateProperties = false;
        });
}
