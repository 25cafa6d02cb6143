using Sorcha.ApiPlatform.LinkedData;
using Sorcha.Contracts.LinkedData;
using Yarp.ReverseProxy.Transforms;
using Yarp.ReverseProxy.Transforms.Builder;

namespace Sorcha.Gateway.LinkedData;

/// <summary>
/// A request that accepts JSON-LD carries the origin the client called (<c>X-Forwarded-Proto</c>, <c>X-Forwarded-Host</c>)
/// to the service, which makes the document's <c>@id</c> and <c>@context</c> absolute URLs on it. Only then: the gateway
/// sends no X-Forwarded headers otherwise (ProxySetup), and whatever such headers a client sent with it are replaced here
/// (without JSON-LD no service reads them).
/// </summary>
public static class LinkedDataOrigin
{
    public static void AddLinkedDataOrigin(this TransformBuilderContext transforms) => transforms.AddRequestTransform(context =>
    {
        var request = context.HttpContext.Request;
        if (LinkedDataNegotiation.Names(request.Headers.Accept, LinkedDataContext.MediaType))
        {
            var headers = context.ProxyRequest.Headers;
            headers.Remove("X-Forwarded-Proto");
            headers.Remove("X-Forwarded-Host");
            headers.TryAddWithoutValidation("X-Forwarded-Proto", request.Scheme);
            headers.TryAddWithoutValidation("X-Forwarded-Host", request.Host.Value);
        }

        return ValueTask.CompletedTask;
    });
}
