using Microsoft.AspNetCore.Http;
using Sorcha.ApiPlatform.LinkedData;

namespace Sorcha.ApiPlatform.Tests;

/// <summary>Which Accept headers get JSON-LD, and which origin its ids are on (docs/api.md, "JSON-LD").</summary>
public sealed class LinkedDataNegotiationTests
{
    [Theory]
    [InlineData(null, false)]
    [InlineData("*/*", false)]
    [InlineData("application/json", false)]
    [InlineData("application/ld+json", true)]
    [InlineData("APPLICATION/LD+JSON", true)]
    [InlineData("application/ld+json, application/json", true)] // jsonld.js's document loader
    [InlineData("application/json, application/ld+json;q=0.5", false)]
    [InlineData("application/ld+json;q=0.9, application/json;q=0.8", true)]
    [InlineData("application/ld+json;q=0", false)]
    [InlineData("application/ld+json;q=abc", true)] // a weight that is no number is ignored: the range stands
    [InlineData("application/ld+json;;;", false)] // an unparseable header: the default
    [InlineData("application/ld+json;profile=\"http://www.w3.org/ns/json-ld#expanded\"", true)]
    public void Json_ld_only_when_asked_for_at_least_as_much_as_json(string? accept, bool wanted)
    {
        var context = new DefaultHttpContext();
        if (accept is not null)
        {
            context.Request.Headers.Accept = accept;
        }

        Assert.Equal(wanted, LinkedDataNegotiation.Wants(context.Request));
    }

    [Theory]
    [InlineData(null, null, "http://service:8080")]
    [InlineData("https", "sorcha.example", "https://sorcha.example")]
    [InlineData("https", "sorcha.example:8443, proxy.internal", "https://sorcha.example:8443")]
    [InlineData("javascript", "sorcha.example", "http://service:8080")]
    [InlineData("https", "evil.example/path", "http://service:8080")]
    [InlineData("https", "user@evil.example", "http://service:8080")]
    [InlineData("https", "", "http://service:8080")]
    public void The_origin_is_the_forwarded_one_when_well_formed(string? proto, string? host, string expected)
    {
        var context = new DefaultHttpContext();
        context.Request.Scheme = "http";
        context.Request.Host = new HostString("service:8080");
        if (proto is not null)
        {
            context.Request.Headers["X-Forwarded-Proto"] = proto;
        }

        if (host is not null)
        {
            context.Request.Headers["X-Forwarded-Host"] = host;
        }

        Assert.Equal(expected, PublicOrigin.Of(context.Request));
    }
}
